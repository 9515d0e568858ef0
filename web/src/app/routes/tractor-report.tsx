import { useParams, useSearchParams } from 'react-router';
import { PrintableReport } from '@/features/inspections';
import { useListing } from '@/features/listings/api/listings';
import { PageTitle } from '@/features/site';
import { useSite } from '@/features/site/use-site';

/** /tractor/:id/report: the printable condition report (optionally ?revision=N). */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const revision = Number(params.get('revision')) || undefined;
  const listing = useListing(id);
  const site = useSite();
  const l = listing.data;
  return (
    <>
      <PageTitle title={l ? `Condition Report: ${l.year} ${l.make} ${l.model}` : 'Condition Report'} />
      <PrintableReport
        listingId={id}
        revision={revision}
        site={site}
        tractor={
          l ? { title: `${l.year} ${l.make} ${l.model}`, location: l.location, images: l.images } : null
        }
      />
    </>
  );
}
