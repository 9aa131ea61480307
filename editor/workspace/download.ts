/** Save text as a file through the browser's download. */
export function downloadText(fileName: string, text: string, type = 'application/yaml'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `rulesets/dragut/variants/night.yaml` → `night.yaml`. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
