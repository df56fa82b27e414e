import { LocationsView } from '@/features/locations/components/locations-view';

export default function LocationsPage() {
  return <LocationsView />;
}
