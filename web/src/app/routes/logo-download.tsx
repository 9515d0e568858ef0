import { Placeholder } from '@/components/layout/app-layout';

export function Component() {
  return <Placeholder title="Logo" />;
}
