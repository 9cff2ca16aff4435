import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../../cli/main.ts';

describe('stet-harness serve --calendar', () => {
  it('refuses a calendar whose versions go live out of order, exit 2, before listening', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'serve-calendar-')), 'calendar.yaml');
    writeFileSync(file, 'v1.4.2: 2026-01-01\nv1.6.2: 2025-06-30\n', 'utf8');
    let stderr = '';
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    process.exitCode = undefined;
    try {
      const code = await main([
        'node',
        'stet-harness',
        'serve',
        '--store',
        'memory',
        '--port',
        '0',
        '--calendar',
        file,
      ]);
      expect(code).toBe(2);
    } finally {
      err.mockRestore();
      out.mockRestore();
      process.exitCode = undefined;
    }
    expect(stderr).toContain(
      `error ERR_CALENDAR_INVALID: ${file}: v1.6.2 goes live on 2025-06-30, before v1.4.2 (2026-01-01) which it replaces`,
    );
  });
});
