import { LandingPage } from '../../features/info/components/landing-page';

export default function Landing() {
  return <LandingPage />;
}
