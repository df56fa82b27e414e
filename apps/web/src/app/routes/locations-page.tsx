import { LocationsView } from '@/features/resources/components/locations/locations-view';

export default function LocationsPage() {
  return <LocationsView />;
}
