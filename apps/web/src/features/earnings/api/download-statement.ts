import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** GET /earnings/statement.csv: every line of the earner's statement, times in EAT, as a CSV file. */
export function downloadStatement(): Promise<Blob> {
  return apiDownload('/earnings/statement.csv');
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
