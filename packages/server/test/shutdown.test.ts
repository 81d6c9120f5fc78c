import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './build-test-app.js';
import { startServerProcess } from './server-process.js';

describe('server process', () => {
  const database = useTestDatabase();

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { child, port } = await startServerProcess({
      DATABASE_URL: database.url,
      OUTBOX_DIR: path.join(path.dirname(database.url.replace(/^sqlite:/, '')), 'outbox'),
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const body = JSON.stringify({
      email: 'cierre@correo.com',
      password: 'Secreta123',
      tipousuario: 'si',
      celular: '5599887766',
      nombreCompleto: 'Ana López',
      direccionEntrega: 'Calle Morelos 12',
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/login/registerUser',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (c: Buffer) => (text += c.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      // Half the body now, SIGTERM, then the rest: the request is in flight during shutdown.
      request.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(20)), 300);
      }, 200);
    });
    const result = await answer;
    const answeredAt = Date.now();
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toMatchObject({ mensaje: 'USUARIO CREADO' });
    expect(await exited).toBe(0);
    // The client's keep-alive socket must not hold the process open.
    expect(Date.now() - answeredAt).toBeLessThan(3000);
  });
});
