import { formatCount } from '@domain/numbers';
import { saleOriginLine } from '@domain/sale-import';
import {
  SALE_FILE_MAX_BYTES,
  SALE_FILE_NOT_CSV,
  SALE_FILE_TOO_LARGE,
  type SaleImportPreview,
  type SaleImportResult,
} from '@domain/sale-import-api';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label, NativeSelect } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { formatDollars, formatHours } from '@/lib/format';
import { importSaleFile, previewSaleFile, saleImportProgress } from '../api';

type Source = SaleImportPreview['source'];
type Step =
  | { at: 'choose' }
  | { at: 'reading' }
  | { at: 'preview'; text: string; preview: SaleImportPreview }
  | { at: 'importing'; preview: SaleImportPreview; done: number; total: number }
  | { at: 'done'; result: SaleImportResult };

const count = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * "Import sales" on the admin's Market tab (docs/product/sale-imports.md#the-admin-screen): choose a CSV, see its
 * first rows and every problem before anything is written, then import with a progress bar.
 */
export function SaleImportPanel() {
  const id = useId();
  const qc = useQueryClient();
  const [source, setSource] = useState<Source>('auction');
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    // Refused whole here as on the server: one message, nothing read.
    if (file.size > SALE_FILE_MAX_BYTES) return setError(SALE_FILE_TOO_LARGE);
    if (!/\.csv$/i.test(file.name)) return setError(SALE_FILE_NOT_CSV);
    setStep({ at: 'reading' });
    try {
      const text = await file.text();
      setStep({ at: 'preview', text, preview: await previewSaleFile(text, source) });
    } catch (err) {
      setStep({ at: 'choose' });
      setError(err instanceof ApiError ? err.message : SALE_FILE_NOT_CSV);
    }
  }

  async function runImport(text: string, preview: SaleImportPreview) {
    setError(null);
    const importId = crypto.randomUUID();
    setStep({ at: 'importing', preview, done: 0, total: preview.goodRows });
    let polling = true;
    const poll = async () => {
      while (polling) {
        await new Promise((r) => setTimeout(r, 400));
        if (!polling) return;
        const p = await saleImportProgress(importId).catch(() => null);
        if (polling && p && p.rowsTotal > 0)
          setStep((s) => (s.at === 'importing' ? { ...s, done: p.rowsDone, total: p.rowsTotal } : s));
      }
    };
    void poll();
    try {
      const result = await importSaleFile(text, preview.source, importId);
      setStep({ at: 'done', result });
      void qc.invalidateQueries({ queryKey: ['admin', 'market'] });
      void qc.invalidateQueries({ queryKey: ['market'] });
    } catch (err) {
      setStep({ at: 'preview', text, preview });
      setError(
        `${err instanceof ApiError ? err.message : 'The import failed.'} Nothing was written; you can import the file again.`,
      );
    } finally {
      polling = false;
    }
  }

  function reset() {
    setStep({ at: 'choose' });
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 md:col-span-2" data-testid="sale-import">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Import sales
      </h3>
      <p className="text-sm text-muted-foreground">
        Recorded sales from a CSV file (required columns source_id, sold_on, make, model, price_usd). They
        teach FieldLot Value and are shown with their source, apart from FieldLot's own sales.
      </p>
      {(step.at === 'choose' || step.at === 'reading') && (
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-source`}>Source</Label>
            <NativeSelect
              id={`${id}-source`}
              value={source}
              onChange={(e) => setSource(e.target.value as Source)}
            >
              <option value="auction">Auction results</option>
              <option value="dealer">Dealer sale records</option>
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-file`}>Sale file (CSV, up to 50 MB)</Label>
            <input
              id={`${id}-file`}
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              disabled={step.at === 'reading'}
              onChange={(e) => void choose(e.target.files?.[0])}
              className="max-w-full text-sm"
            />
          </div>
          {step.at === 'reading' && (
            <p role="status" className="text-sm">
              Reading the file...
            </p>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {step.at === 'preview' && (
        <PreviewView
          preview={step.preview}
          onImport={() => void runImport(step.text, step.preview)}
          onCancel={reset}
        />
      )}
      {step.at === 'importing' && (
        <div className="space-y-2">
          <Label htmlFor={`${id}-progress`}>
            Importing {count(step.total, 'sale')}: {formatCount(step.done)} written
          </Label>
          <progress
            id={`${id}-progress`}
            className="h-3 w-full"
            max={Math.max(step.total, 1)}
            value={step.done}
          />
        </div>
      )}
      {step.at === 'done' && (
        <div className="space-y-2" role="status">
          <p className="font-medium">
            Imported {count(step.result.imported, 'new sale')}; {count(step.result.alreadyImported, 'sale')}{' '}
            already recorded (nothing added for them); {count(step.result.badRows, 'row')} with problems
            skipped.
          </p>
          <Button variant="outline" onClick={reset}>
            Import another file
          </Button>
        </div>
      )}
    </section>
  );
}

function PreviewView({
  preview: p,
  onImport,
  onCancel,
}: {
  preview: SaleImportPreview;
  onImport: () => void;
  onCancel: () => void;
}) {
  const toAdd = p.goodRows - p.alreadyImported;
  return (
    <div className="space-y-4" data-testid="sale-import-preview">
      <p>
        {count(p.rowsRead, 'row')} read: {count(p.goodRows, 'good row')}, {count(p.badRows, 'row')} with
        problems (not imported).{' '}
        {p.alreadyImported > 0 && `${count(p.alreadyImported, 'sale')} already imported (adds nothing). `}
        Nothing is written until you import.
      </p>
      {p.unknownColumns.length > 0 && (
        <p className="text-sm">Ignored columns (not known): {p.unknownColumns.join(', ')}</p>
      )}
      {p.firstRows.length > 0 && (
        // Scrolls sideways on a phone: a named section takes focus, so a keyboard can scroll it too (WCAG 2.1.1).
        <section
          className="overflow-x-auto"
          aria-label="The first good rows"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
        >
          <table className="w-full text-sm" data-testid="sale-import-rows">
            <caption className="text-left text-sm text-muted-foreground">
              The first {count(p.firstRows.length, 'good row')}
            </caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                {['Source id', 'Sale', 'Make', 'Model', 'Year', 'Hours', 'Price'].map((h) => (
                  <th key={h} scope="col" className="py-1.5 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.firstRows.map((r) => (
                <tr key={r.sourceId} className="border-b last:border-0">
                  <td className="py-1.5 pr-3">{r.sourceId}</td>
                  <td className="py-1.5 pr-3">
                    {saleOriginLine({ source: p.source, state: r.state, soldOn: r.soldOn })}
                  </td>
                  <td className="py-1.5 pr-3">{r.make}</td>
                  <td className="py-1.5 pr-3">{r.model}</td>
                  <td className="py-1.5 pr-3 tabular-nums">{r.year ?? '—'}</td>
                  <td className="py-1.5 pr-3 tabular-nums">
                    {r.hours === null ? '—' : formatHours(r.hours)}
                  </td>
                  <td className="py-1.5 tabular-nums">{formatDollars(r.priceCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {p.problemCount > 0 && (
        <div>
          <h4 className="font-medium">Problems ({formatCount(p.problemCount)})</h4>
          <ul
            className="max-h-72 overflow-y-auto text-sm"
            data-testid="sale-import-problems"
            aria-label="Problems"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard
            tabIndex={0}
          >
            {p.problems.map((x) => (
              <li key={`${x.row}-${x.column}-${x.message}`}>
                Row {x.row}
                {x.column ? `, ${x.column}` : ''}: {x.message}
              </li>
            ))}
          </ul>
          {p.problemCount > p.problems.length && (
            <p className="text-sm">
              …and {formatCount(p.problemCount - p.problems.length)} more (fix these and preview again).
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onImport} disabled={toAdd <= 0}>
          {toAdd > 0 ? `Import ${count(toAdd, 'sale')}` : 'Nothing new to import'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Choose another file
        </Button>
      </div>
    </div>
  );
}
