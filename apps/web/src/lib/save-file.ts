/** Hands a file to the browser's downloads under `name`, as a link to it would. */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
