// The inspections module's public surface for other modules (scripts/check-boundaries.ts).
export { type DemoListingFacts, demoReport, seedDemoReports } from './demo-reports.js';
export { type ReportFiles, reportFilesOf } from './report-exports.js';
