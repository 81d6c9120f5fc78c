/** The shell: the routes and screens arrive with the web issues. */
export function App() {
  return (
    <main
      style={{
        maxWidth: 600,
        margin: '0 auto',
        padding: '2rem 1rem',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <h1>Tianguis</h1>
      <p>El menú y los pedidos en línea de las tiendas de tu barrio.</p>
    </main>
  );
}
