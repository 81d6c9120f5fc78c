// The texts the API answers, quoted verbatim (docs/api.md, "Texts and forms" for the first
// edition's, "Hours and special days" for the hours'): the tests hold the answers to these, not
// to the server's own message table, so a change of wording shows.

/** "At least 3 characters": the shop name's message, with the field's name. */
export const minText = (campo: string) =>
  `El campo ${campo} debe tener al menos 3 caracteres y no debe tener campos vacios al inicio`;

/** The shop's and the catalogue's texts. */
export const TEXTOS = {
  nombreMin: minText('nombre'),
  nombreMax: 'El nombre de la tienda debe tener maximo 35 caracteres',
  nombreFormato: 'Debe iniciar con letra y solo contener letras y numeros',
  tituloMin: minText('titulo'),
  descripcionMin: minText('descripcion'),
  detalleMin: minText('detalle'),
  imagen: 'Debe agregar una imagen',
  numerico: 'Ingrese un valor numerico',
  montoRequerido: 'El campo monto minimo de compra debe tener algun valor',
  envioRequerido: 'El campo costo de envio de compra debe tener algun valor',
  montoPunto: 'Para el campo monto minimo de compra, agregue decimales o elimine el punto.',
  envioPunto: 'Para el campo costo de envio, agregue decimales o elimine el punto.',
  precioPunto: 'Para el campo precio, agregue decimales o elimine el punto.',
  activate: 'activate debe ser true o false',
  sinConfigurar: 'Debe configurar la tienda antes de agregar una categoría',
  categoriaExistente: 'Esa categoria ya existe',
  productoExistente:
    'El producto ya existe, no puede haber 2 productos en la misma categoria con el mismo nombre',
  seleccioneCategoria: 'Seleccione una categoria',
  categoriaNoExiste: 'La categoría no existe',
  productoNoExiste: 'El producto no existe',
  otraTienda: 'Solo puedes cambiar tu propia tienda',
} as const;

/** The hours' and special days' texts: the first edition's date text, then the domain's own. */
export const TEXTOS_HORARIO = {
  fechaRequerida: 'Por favor selecciona una fecha',
  fechaInvalida: 'Fecha inválida, usa AAAA-MM-DD',
  diaInvalido: 'Día inválido',
  horaInvalida: 'Hora inválida, usa HH:MM',
  diasRepetidos: 'Hay días repetidos',
  datosInvalidos: 'Datos inválidos',
  otraTienda: 'Solo puedes cambiar los horarios de tu tienda',
  diaNoExiste: 'El día especial no existe',
  yaRegistrado: 'Ese día especial ya está registrado',
} as const;
