import { HashRouter } from 'react-router';
import { AppRoutes } from './router';

/** The shell: hash routing (section 2) over the screens. */
export function App() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
