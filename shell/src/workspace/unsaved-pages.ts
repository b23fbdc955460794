/**
 * Which open tabs hold input not yet saved (issue 31): each part of a page that says so
 * (`useUnsavedChanges` of `@cotton/sdk`, a form drawer typed in) is a source under the tab's
 * path; the tab is unsaved while one source is. Closing or refreshing such a tab asks first.
 */
export class UnsavedPages {
  private readonly sources = new Map<string, Set<string>>();

  set(path: string, source: string, unsaved: boolean): void {
    const sources = this.sources.get(path) ?? new Set<string>();
    if (unsaved) sources.add(source);
    else sources.delete(source);
    if (sources.size > 0) this.sources.set(path, sources);
    else this.sources.delete(path);
  }

  /** Whether one of `paths` is unsaved. */
  any(paths: Iterable<string>): boolean {
    for (const path of paths) if (this.sources.has(path)) return true;
    return false;
  }
}
