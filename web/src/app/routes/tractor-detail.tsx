import { useParams } from 'react-router';
import { TractorDetail } from '@/features/listings/components/tractor-detail';

export function Component() {
  const { id = '' } = useParams();
  return <TractorDetail key={id} id={id} />;
}
