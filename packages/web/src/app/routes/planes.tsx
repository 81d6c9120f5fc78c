import { useState } from 'react';
import { Page } from '../../components/ui/page';
import { PlanesView } from '../../features/info';

export default function Planes() {
  // Read once per visit: the offer's end doesn't need a live clock.
  const [now] = useState(() => new Date());
  return (
    <Page title="Planes" heading="Planes y beneficios">
      <PlanesView now={now} />
    </Page>
  );
}
