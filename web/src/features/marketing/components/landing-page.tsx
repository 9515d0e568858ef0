import { Placeholder } from '@/components/layout/app-layout';

export function LandingPage() {
  return <Placeholder title="North American marketplace for tractor dealers" />;
}
