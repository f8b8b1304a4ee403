import { readFileSync } from 'node:fs';

/**
 * A process's resident memory (this one's unless `pid` is given) from /proc/<pid>/status (Linux
 * only): `VmRSS` now, `VmHWM` at its highest, as 'N MB'.
 */
export function residentMemory(field: 'VmRSS' | 'VmHWM', pid: number | 'self' = 'self'): string {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 'unknown (no /proc)';
  }
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kilobytes ? `${Math.round(Number(kilobytes) / 1024)} MB` : 'unknown (no /proc)';
}
