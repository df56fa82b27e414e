import { RipsView } from '@/features/rips/components/rips-view';

export default function RipsPage() {
  return <RipsView />;
}
