import { describe, expect, it } from 'vitest';
import { registroMessages } from './account.schema.js';
import { ajustesTiendaSchema } from './pedido.schema.js';
import { contactoTiendaSchema, tiendaContactoMessages } from './tienda-contacto.js';
import { enlaceLlamar, enlaceMapa } from './tienda-enlaces.js';

const MAPS = 'https://www.google.com/maps/search/?api=1&query=';

describe('contactoTiendaSchema', () => {
  it('leaves out what is not sent, and takes null to remove', () => {
    expect(contactoTiendaSchema.parse({})).toEqual({});
    expect(contactoTiendaSchema.parse({ direccion: null, telefono: null })).toEqual({
      direccion: null,
      telefono: null,
    });
  });

  it('trims the address and reads the phone as its 10 digits', () => {
    expect(
      contactoTiendaSchema.parse({
        direccion: '  Calle 5 #12  ',
        telefono: '+52 1 (55) 1234-9876',
      }),
    ).toEqual({ direccion: 'Calle 5 #12', telefono: '5512349876' });
  });

  it.each(['Av 1', '    ', 'x'.repeat(201), 'x'.repeat(900)])('refuses the address %j', (d) => {
    const result = contactoTiendaSchema.safeParse({ direccion: d });
    expect(result.error?.issues[0]?.message).toBe(tiendaContactoMessages.direccion);
  });

  it('refuses a phone with the registration message', () => {
    const result = contactoTiendaSchema.safeParse({ telefono: '55 1234' });
    expect(result.error?.issues[0]?.message).toBe(registroMessages.celularLongitud);
  });

  it('takes a map point within the ranges, null to remove, and refuses anything else', () => {
    expect(contactoTiendaSchema.parse({ ubicacion: { lat: -90, lng: 180 } })).toEqual({
      ubicacion: { lat: -90, lng: 180 },
    });
    expect(contactoTiendaSchema.parse({ ubicacion: null })).toEqual({ ubicacion: null });
    const refused = (ubicacion: unknown) =>
      contactoTiendaSchema.safeParse({ ubicacion }).error?.issues[0]?.message;
    expect(refused({ lat: 90.5, lng: 0 })).toBe(tiendaContactoMessages.lat);
    expect(refused({ lat: Number.NaN, lng: 0 })).toBe(tiendaContactoMessages.lat);
    expect(refused({ lat: 0, lng: -180.1 })).toBe(tiendaContactoMessages.lng);
    expect(refused({ lat: 0, lng: '1' })).toBe(tiendaContactoMessages.lng);
    expect(refused('19.4,-99.1')).toBe(tiendaContactoMessages.ubicacion);
  });

  it("is part of updatetienda's optional settings", () => {
    expect(ajustesTiendaSchema.parse({ telefono: '55 1234 9876' })).toEqual({
      telefono: '5512349876',
    });
  });
});

describe('enlaceMapa', () => {
  it('uses the map point when there is one', () => {
    expect(
      enlaceMapa({ nombre: 'Tacos', direccion: 'Calle 5', ubicacion: { lat: 19.43, lng: -99.13 } }),
    ).toBe(`${MAPS}19.43,-99.13`);
  });

  it('else searches the name and the address, encoded', () => {
    expect(enlaceMapa({ nombre: 'Tacos Lupe', direccion: 'Calle 5 #12, Col. Centro' })).toBe(
      `${MAPS}Tacos%20Lupe%2C%20Calle%205%20%2312%2C%20Col.%20Centro`,
    );
    // An unset name ('N/A') is not searched.
    expect(enlaceMapa({ nombre: 'N/A', direccion: 'Calle 5' })).toBe(`${MAPS}Calle%205`);
  });

  it('is null without either', () => {
    expect(enlaceMapa({ nombre: 'Tacos', direccion: null })).toBeNull();
    expect(enlaceMapa({ nombre: 'Tacos', direccion: '  ', ubicacion: null })).toBeNull();
  });
});

describe('enlaceLlamar', () => {
  it('calls +52 and the 10 digits', () => {
    expect(enlaceLlamar('5512349876')).toBe('tel:+525512349876');
  });
  it.each([null, undefined, '', '55123'])('is null for %j', (t) => {
    expect(enlaceLlamar(t)).toBeNull();
  });
});
