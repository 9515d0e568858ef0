import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Banknote, Eye } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminUsersTab } from '@/features/accounts';
import { loadAdminInquiriesTab } from '@/features/inquiries';
import { loadAdminListingsTab, loadInventoryDashboard } from '@/features/listings';
import { loadAdminMarketCharts } from '@/features/market';
import { AdminOffersTab } from '@/features/offers';
import { AdminPurchasesTab, PurchaseCounts } from '@/features/purchases';
import { loadBidderReport } from '@/features/sales';
import { adminStatsKey, useAdminStats } from '../api/admin';
import { NotificationControls } from './notification-controls';
import { InReviewCount, NeedsActionCount, OfferNotices } from './offer-notices';
import { StatsCards } from './stats-cards';

// Each tab is its own chunk: an admin who only reviews applications never downloads the rest.
const AdminListingsTab = lazy(() => loadAdminListingsTab().then((m) => ({ default: m.AdminListingsTab })));
const AdminInquiriesTab = lazy(() =>
  loadAdminInquiriesTab().then((m) => ({
    default: m.AdminInquiriesTab,
  })),
);
const AuditLogTab = lazy(() => import('./audit-log-tab').then((m) => ({ default: m.AuditLogTab })));
// The market tab carries uPlot: its own chunk (docs/decisions/0047-market-charts.md).
const AdminMarketCharts = lazy(() => loadAdminMarketCharts().then((m) => ({ default: m.AdminMarketCharts })));
const BidderReport = lazy(() => loadBidderReport().then((m) => ({ default: m.BidderReport })));
const OutboxTab = lazy(() => import('./outbox-tab').then((m) => ({ default: m.OutboxTab })));
const InventoryDashboard = lazy(() =>
  loadInventoryDashboard().then((m) => ({
    default: m.InventoryDashboard,
  })),
);

const TABS = [
  { value: 'users', label: 'User Management' },
  { value: 'offers', label: 'Offer Management' },
  { value: 'purchases', label: 'Purchases' },
  { value: 'listings', label: 'Listing Management' },
  { value: 'inquiries', label: 'Sale Inquiries' },
  { value: 'market', label: 'Market' },
  { value: 'sales', label: 'Timed Sales' },
  { value: 'audit', label: 'Audit Log' },
  { value: 'email', label: 'E-mail' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** docs/product/admin.md#modes-and-view-as-user: the panel, or the preview of what an approved dealer sees (`?view=dealer`). */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const preview = params.get('view') === 'dealer';
  const tabParam = params.get('tab');
  const tab: TabValue = TABS.some((t) => t.value === tabParam) ? (tabParam as TabValue) : 'users';

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: false },
    );

  if (preview) {
    return (
      <>
        <div className="sticky top-0 z-30 border-b border-gold-500 bg-gold-100">
          <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <h1 className="flex items-center gap-2 font-bold text-foreground">
              <Eye className="size-5" aria-hidden="true" />
              Admin Preview Mode - Viewing as Approved User
            </h1>
            <Button variant="default" size="sm" onClick={() => update({ view: null })}>
              <ArrowLeft aria-hidden="true" /> Return to Admin Panel
            </Button>
          </div>
        </div>
        <Suspense fallback={<LoadingState text="Loading..." />}>
          <InventoryDashboard />
        </Suspense>
      </>
    );
  }

  return (
    <Page className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <LiveStats />
      <OfferNotices />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Admin Panel</h1>
        <div className="flex flex-wrap gap-2">
          {/* The money view is a page of its own (docs/product/purchases.md#the-admins-money-view). */}
          <Button asChild variant="outline">
            <Link to="/admin/money">
              <Banknote aria-hidden="true" /> Money
            </Link>
          </Button>
          <Button variant="outline" onClick={() => update({ view: 'dealer' })}>
            <Eye aria-hidden="true" /> View as User
          </Button>
        </div>
      </div>
      <ListingsInReviewNotice onOpen={() => update({ tab: 'listings' })} />
      <StatsCards />
      <Suspense fallback={null}>
        <PurchaseCounts />
      </Suspense>
      <Tabs value={tab} onValueChange={(v) => update({ tab: v })}>
        <TabsList aria-label="Admin sections" className="flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {t.value === 'offers' && <NeedsActionCount />}
              {t.value === 'listings' && <InReviewCount />}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Suspense inside each panel: the active tab's panel element always exists for its trigger's aria-controls. */}
        <TabsContent value="users">
          <TabSuspense>
            <AdminUsersTab />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="offers">
          <TabSuspense>
            <AdminOffersTab />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="purchases">
          <TabSuspense>
            <AdminPurchasesTab />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="listings" className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <TabSuspense>
            <NotificationControls />
            <AdminListingsTab />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="inquiries">
          <TabSuspense>
            <AdminInquiriesTab />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="market">
          <TabSuspense>
            <AdminMarketCharts />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="sales">
          <TabSuspense>
            <BidderReport />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="audit">
          <TabSuspense>
            <AuditLogTab />
          </TabSuspense>
        </TabsContent>
        <TabsContent value="email">
          <TabSuspense>
            <OutboxTab />
          </TabSuspense>
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/**
 * docs/product/admin.md#count-cards: "N in review" while dealers' listings wait for FieldLot's review; it opens
 * Listing Management, where In review lists them.
 */
function ListingsInReviewNotice({ onOpen }: { onOpen: () => void }) {
  const n = useAdminStats().data?.listingsInReview ?? 0;
  if (n === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-blue-300 bg-blue-50 px-4 py-2 text-blue-900">
      <span data-testid="listings-in-review">
        <strong>{n} in review</strong>: dealers' listings waiting for your approval.
      </span>
      <button type="button" className="min-h-11 font-semibold underline" onClick={onOpen}>
        Open Listing Management
      </button>
    </p>
  );
}

/** After any change made in a tab (approve, reject, ...) settles, the count cards reload. */
function LiveStats() {
  const qc = useQueryClient();
  const mutating = useIsMutating();
  const previous = useRef(mutating);
  useEffect(() => {
    if (previous.current > 0 && mutating === 0) qc.invalidateQueries({ queryKey: adminStatsKey });
    previous.current = mutating;
  }, [mutating, qc]);
  return null;
}

function TabSuspense({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<LoadingState text="Loading..." />}>{children}</Suspense>;
}
