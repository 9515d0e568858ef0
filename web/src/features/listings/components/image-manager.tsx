import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type ImageBase, uploadImage, useListingMutations } from '../api/admin-listings';
import { useListing } from '../api/listings';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const MAX_BYTES = 15 * 1024 * 1024;

interface UploadRow {
  key: string;
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

/**
 * Photos of one listing: drop or pick files (a progress bar each), reorder, choose the primary, remove. The
 * admin's and a dealer's own listing (`base`: '/api/my-listings') use this one component.
 */
export function ImageManager({
  listingId,
  base = '/api/admin/listings',
}: {
  listingId: string;
  base?: ImageBase;
}) {
  const id = useId();
  const query = useListing(listingId);
  const m = useListingMutations(base);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);

  const patchRow = (key: string, change: Partial<UploadRow>) =>
    setUploads((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  async function addFiles(files: FileList | File[]) {
    const list = [...files];
    const rows = list.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, progress: 0 }));
    setUploads((prev) => [...prev.filter((r) => !r.done), ...rows]);
    // One at a time keeps the order the person chose and the server's image processing calm.
    for (const [i, file] of list.entries()) {
      const row = rows[i];
      if (file.size > MAX_BYTES) {
        patchRow(row.key, { error: 'Images must be 15 MB or smaller' });
        continue;
      }
      try {
        await uploadImage(listingId, file, (p) => patchRow(row.key, { progress: p }), base);
        patchRow(row.key, { progress: 1, done: true });
        await m.invalidate();
      } catch (err) {
        patchRow(row.key, { error: (err as Error).message });
      }
    }
  }

  const images = query.data?.images ?? [];
  const move = (index: number, by: number) => {
    const ids = images.map((i) => i.id);
    const [item] = ids.splice(index, 1);
    ids.splice(index + by, 0, item);
    m.reorder.mutate({ id: listingId, imageIds: ids }, { onError: (e) => toast.error(e.message) });
  };

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-4">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Photos
      </h2>
      <label
        htmlFor={`${id}-file`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (e.dataTransfer.files.length) addFiles(e.dataTransfer.files);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center focus-within:outline-3 focus-within:outline-brand-700',
          dragging ? 'border-brand-700 bg-brand-50' : 'border-border',
        )}
      >
        <ImagePlus className="size-8 text-brand-700" aria-hidden="true" />
        <span className="font-semibold">Drop photos here or choose files</span>
        <span className="text-sm text-muted-foreground">JPEG, PNG, WebP or AVIF, up to 15 MB each</span>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          onChange={(e) => {
            if (e.target.files?.length) addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </label>

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-md border border-border p-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-1.5 truncate">
                  <Upload className="size-4 shrink-0" aria-hidden="true" />
                  {u.name}
                </span>
                <span className={u.error ? 'text-destructive' : 'text-muted-foreground'}>
                  {u.error ? 'Failed' : u.done ? 'Uploaded' : `${Math.round(u.progress * 100)}%`}
                </span>
              </div>
              {u.error ? (
                <p role="alert" className="mt-1 font-medium text-destructive">
                  {u.error}
                </p>
              ) : (
                <progress
                  className="mt-1 h-2 w-full accent-brand-700"
                  max={1}
                  value={u.progress}
                  aria-label={`Upload of ${u.name}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      {query.isPending ? (
        <LoadingState text="Loading images..." />
      ) : query.isError ? (
        <ErrorState message="Failed to load images" onRetry={() => query.refetch()} />
      ) : images.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No photos yet. The first photo you add becomes the primary one.
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photo order">
          {images.map((img, i) => (
            <li
              key={img.id}
              className="overflow-hidden rounded-md border border-border"
              data-testid="managed-image"
            >
              <div className="relative">
                <img
                  src={img.srcSet.split(' ')[0]}
                  alt={`${i + 1} of ${images.length}`}
                  className="aspect-[4/3] w-full object-cover"
                  data-image-id={img.id}
                />
                {img.isPrimary && (
                  <Badge tone="brand" className="absolute left-2 top-2 bg-white">
                    Primary
                  </Badge>
                )}
              </div>
              <div className="flex flex-wrap justify-center gap-1 p-1.5">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${i + 1} earlier`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${i + 1} later`}
                  disabled={i === images.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Make ${i + 1} the primary photo`}
                  disabled={img.isPrimary}
                  onClick={() =>
                    m.setPrimary.mutate(
                      { id: listingId, imageId: img.id },
                      { onError: (e) => toast.error(e.message) },
                    )
                  }
                >
                  <Star />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${i + 1}`}
                  onClick={() =>
                    m.removeImage.mutate(
                      { id: listingId, imageId: img.id },
                      { onError: (e) => toast.error(e.message) },
                    )
                  }
                >
                  <Trash2 className="text-destructive" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
