import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import { RecuperacionMetodo, type Metodo } from './recuperacion-metodo';

// docs/reliability.md, "Limits": a server without an SMS provider says so, and the phone path is not offered.

function answerWith(body: unknown, status = 200) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    await gate;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, release };
}

function Harness(props: { initial?: Metodo; onChange?: (m: Metodo) => void }) {
  const [metodo, setMetodo] = useState<Metodo>(props.initial ?? 'correo');
  return (
    <>
      <RecuperacionMetodo
        value={metodo}
        onChange={(m) => {
          props.onChange?.(m);
          setMetodo(m);
        }}
      />
      <output>{metodo}</output>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearQueryCache();
});

describe('RecuperacionMetodo', () => {
  it('asks the server, and hides the phone when it cannot send SMS', async () => {
    const server = answerWith({ celular: false });
    render(<Harness />);
    expect(server.calls).toEqual(['/api/login/recuperacion']);
    await act(async () => server.release());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Recuperar con mi celular' })).toBeNull(),
    );
    expect(screen.getByRole('status').textContent).toBe('correo');
  });

  it('a person who had picked the phone is moved back to the email', async () => {
    const server = answerWith({ celular: false });
    const onChange = vi.fn();
    render(<Harness initial="celular" onChange={onChange} />);
    await act(async () => server.release());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('correo'));
    expect(screen.getByRole('status').textContent).toBe('correo');
  });

  it('offers both when the server can send SMS', async () => {
    const server = answerWith({ celular: true });
    render(<Harness />);
    await act(async () => server.release());
    expect(screen.getByRole('button', { name: 'Recuperar con mi celular' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recuperar con mi correo' })).toBeTruthy();
  });

  it('offers both while the server has not said, or could not say', async () => {
    const server = answerWith({ code: 'ERROR_INTERNO', message: 'x' }, 500);
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Recuperar con mi celular' })).toBeTruthy();
    await act(async () => server.release());
    expect(screen.getByRole('button', { name: 'Recuperar con mi celular' })).toBeTruthy();
  });
});
