import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/build-test-app.js';
import {
  claimsOf,
  createOwner,
  expectError,
  type Owner,
} from '../../../test/catalogo-factories.js';
import {
  acceptInvitation,
  createStaff,
  invitationTokenOf,
  inviteStaff,
  listStaff,
  staffEmail,
  type InvitationReader,
} from '../../../test/personal-factories.js';
import type { EmailMessage, Notifier } from '../../notifier/notifier.js';

// docs/api.md, "Staff and the kitchen": the invitation email is sent before the owner's answer.
// When it cannot be sent, the owner hears so (503) and the invitation is withdrawn: no link
// nobody received stays usable, and it takes no place of the 20.

describe('an invitation email that cannot be sent', () => {
  let server: TestServer;
  let owner: Owner;
  const sent: EmailMessage[] = [];
  let failing = true;
  const notifier: Notifier = {
    async sendEmail(message) {
      if (failing) throw new Error('SMTP caído');
      sent.push(message);
    },
    async sendSms() {},
  };
  const readInvitation: InvitationReader = async (email) => {
    const message = sent.findLast((m) => m.to === email);
    if (!message) throw new Error(`sin invitación para ${email}`);
    return message.text;
  };

  beforeAll(async () => {
    server = await startTestServer({ notifier });
    owner = await createOwner(server);
  });
  afterAll(() => server?.destroy());

  it('answers 503, withdraws the invitation, and a later try renews it', async () => {
    const email = staffEmail();
    const body = { email, nombreCompleto: 'Rosa Correo', rol: 'CAJERO' };
    const refused = await inviteStaff(server, owner, body);
    expectError(
      refused,
      503,
      'SERVICIO_NO_DISPONIBLE',
      'No pudimos enviar la invitación por correo. Inténtalo de nuevo en unos minutos.',
    );
    const rows = await server.app.database.db
      .selectFrom('personal')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ estado: 'BAJA', token_hash: null, account_id: null });
    expect((await listStaff(server, owner)).body).toEqual([]);

    failing = false;
    const invited = await inviteStaff(server, owner, body);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ personalId: rows[0]!.id, estado: 'INVITADO' });
    const token = invitationTokenOf(await readInvitation(email));
    const accepted = await acceptInvitation(server, { token, nombreCompleto: 'Rosa Correo' });
    expect(accepted.status).toBe(200);
  });

  it("createStaff reads the invitation from a server's own notifier when told how", async () => {
    failing = false;
    const staff = await createStaff(server, owner, 'COCINA', 'Cocina Memoria', { readInvitation });
    expect(claimsOf(staff.token)).toMatchObject({ role: 'PERSONAL', rol: 'COCINA' });
    expect(staff.tiendaId).toBe(owner.tiendaId);
  });
});
