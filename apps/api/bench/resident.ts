import { readFileSync } from 'node:fs';

/**
 * This process's resident memory from /proc/self/status (Linux only): `VmRSS` now, `VmHWM` at its
 * highest, as 'N MB'.
 */
export function residentMemory(field: 'VmRSS' | 'VmHWM'): string {
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return 'unknown (no /proc)';
  }
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kilobytes ? `${Math.round(Number(kilobytes) / 1024)} MB` : 'unknown (no /proc)';
}
