import { Placeholder } from '@/components/layout/app-layout';

export function Component() {
  return <Placeholder title="Get a quick offer for your tractor" />;
}
