// The inspections feature's public surface (scripts/check-boundaries.ts): condition reports for other features.
export { usePurchasedReports } from './api/inspections';
export { AsIsNotice, ConditionReportSection } from './components/condition-report-section';
export { AsIsBadge, GradeBadge } from './components/grade-badge';
export { InspectionForm } from './components/inspection-form';
export { InspectionQueue } from './components/inspection-queue';
export { PrintableReport } from './components/printable-report';
export { PurchasedReportLink } from './components/purchased-report-link';
export { useInspectorApp, whenWorkerControls } from './offline/inspector-app';
