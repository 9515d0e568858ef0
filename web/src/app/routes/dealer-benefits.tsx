import { Placeholder } from '@/components/layout/app-layout';

export function Component() {
  return <Placeholder title="Why Trade on FieldLot?" />;
}
