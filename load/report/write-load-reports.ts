import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadReport } from '../load-report.ts';
import { loadHtml } from './html-report.ts';
import { loadJunit } from './junit-report.ts';

/** The files {@link writeLoadReports} writes in its folder. */
export const loadReportFiles = {
  json: 'load-report.json',
  html: 'load-report.html',
  junit: 'junit.xml',
} as const;

/** Writes `load-report.json`, `load-report.html` and `junit.xml` into `outDir` (created). */
export async function writeLoadReports(report: LoadReport, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await Promise.all([
    writeFile(join(outDir, loadReportFiles.json), `${JSON.stringify(report, null, 2)}\n`),
    writeFile(join(outDir, loadReportFiles.html), loadHtml(report)),
    writeFile(join(outDir, loadReportFiles.junit), loadJunit(report)),
  ]);
}
