import { BillingView } from '@/features/billing/components/billing-view';

export default function BillingPage() {
  return <BillingView />;
}
