import { LandingPage } from '../../features/info';

export default function Landing() {
  return <LandingPage />;
}
