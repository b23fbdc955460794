import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Cascader, Message } from '@arco-design/web-react';
import { toApiError } from '../../request/api-error';
import { ROOT_REGION_CODE, fetchRegions, loadedRegions, regionsStale } from '../../services/region';
import type { Region } from '../../contracts/region';
import { REGION_CODE_PATTERN } from '../../validators/codes';
import styles from './RegionCascader.module.css';

export interface RegionCascaderProps {
  /**
   * Single: the path of codes from the province down (`['650000', '650100']`).
   * Multiple: the selected codes at the leaf level (province codes when `maxLevel` is 1).
   */
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** Deepest level offered: 1 province, 2 city, 3 county (spec: 3). */
  maxLevel?: 1 | 2 | 3;
  /** Whose children form the first column (spec: 100000, the country). */
  rootCode?: string;
  multiple?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /**
   * Multiple: every region ticks on its own — a province, a city or a county — and its own
   * code is reported (a ticked province stands for all of it, however much of it was
   * opened). Without it a ticked region gives its leaves, and only the loaded ones.
   */
  anyLevel?: boolean;
  /** Multiple: tags shown before a `+n`. */
  maxTagCount?: number;
  style?: CSSProperties;
  className?: string;
}

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

function isLeafAt(region: Region, maxLevel: number): boolean {
  return region.isLeaf || region.level >= maxLevel;
}

/** The options under `code` from what has been fetched so far; `undefined` if not fetched. */
function buildOptions(code: string, maxLevel: number): RegionOption[] | undefined {
  const regions = loadedRegions(code);
  if (!regions) return undefined;
  return regions.map((region) => {
    const option: RegionOption = { value: region.code, label: region.value, isLeaf: isLeafAt(region, maxLevel) };
    if (!option.isLeaf) {
      const children = buildOptions(region.code, maxLevel);
      if (children?.length === 0) option.isLeaf = true;
      else if (children) option.children = children;
    }
    return option;
  });
}

/** Where `code` sits below `rootCode`, from the fetched tree. */
function findPath(rootCode: string, code: string, depth = 0): string[] | null {
  const regions = loadedRegions(rootCode);
  if (!regions || depth > 3) return null;
  for (const region of regions) {
    if (region.code === code) return [code];
    const below = findPath(region.code, code, depth + 1);
    if (below) return [region.code, ...below];
  }
  return null;
}

/**
 * The path of a leaf code in multiple mode. Before the tree is fetched it is inferred from
 * the GB/T 2260 layout (province `xx0000`, city `xxxx00`), so that the ancestors can be
 * fetched and the tags show names.
 */
function pathOf(rootCode: string, code: string): string[] {
  const known = findPath(rootCode, code);
  if (known) return known;
  if (!REGION_CODE_PATTERN.test(code)) return [code];
  const full = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code].filter((c, i, all) => all.indexOf(c) === i);
  const path = full.slice(0, full.indexOf(code) + 1);
  const below = path.indexOf(rootCode);
  return below >= 0 ? path.slice(below + 1) : path;
}

/**
 * One toast for the cascader's failed fetches: a value's ancestors are fetched together, and
 * an unknown code fails each of them with the same words (it said 行政区划不存在 three times).
 */
function showError(thrown: unknown): void {
  const error = toApiError(thrown);
  if (!error.handled) Message.error({ id: 'cotton-region-cascader', content: error.message });
}

/** Phones (the public pages' breakpoint): the popup fits the field and its columns scroll. */
const PHONE_MEDIA_QUERY = '(max-width: 767px)';

function phoneQuery(): MediaQueryList | null {
  // Without matchMedia (jsdom, an old browser) the desktop popup.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_MEDIA_QUERY)
    : null;
}

function subscribePhone(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isPhone = () => phoneQuery()?.matches ?? false;

/**
 * The phone popup's columns: whenever one opens or closes, the last is scrolled into view (a
 * county column opens right of the screen's edge otherwise; scrolling back shows the others).
 */
function PhoneColumns({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const inner = box.current?.querySelector<HTMLElement>('.arco-cascader-popup-inner');
    if (!inner) return undefined;
    const showLast = (behavior: ScrollBehavior) => inner.scrollTo?.({ left: inner.scrollWidth, behavior });
    showLast('auto');
    const observer = new MutationObserver(() => showLast('smooth'));
    observer.observe(inner, { childList: true });
    return () => observer.disconnect();
  }, []);
  return <div ref={box}>{children}</div>;
}

const phoneDropdown = (menu: ReactNode) => <PhoneColumns>{menu}</PhoneColumns>;

/** On a phone the popup is as wide as the field (Arco's default follows the names' widths). */
const PHONE_TRIGGER = { autoAlignPopupWidth: true };

/**
 * Province / city / county cascader over `/rest/region/getregions` (enabled regions only).
 * The first column loads on mount, deeper ones when opened; nodes at `maxLevel` are leaves. A given value
 * has its ancestors fetched so that it shows names, not codes. On a phone (below 768 px) the
 * popup is the field's width with two columns at a time, scrolled to the newest.
 */
export function RegionCascader(props: RegionCascaderProps) {
  const {
    onChange,
    maxLevel = 3,
    rootCode = ROOT_REGION_CODE,
    multiple = false,
    placeholder = '请选择地区',
    allowClear = true,
    disabled,
    maxTagCount,
    anyLevel = false,
    style,
    className,
  } = props;
  // Controlled when the prop is present, even as `undefined` (Arco's Form.Item passes it so).
  const controlled = 'value' in props;
  const [innerValue, setInnerValue] = useState<string[]>([]);
  const value = controlled ? props.value : innerValue;
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);

  // Bumped when fetched regions should be rebuilt into the options passed to Arco. Lazily
  // opened columns are kept by Arco itself and only join the options on the next rebuild.
  const [version, setVersion] = useState(0);
  const valueKey = JSON.stringify(value ?? []);
  // `version` stands for the region cache that buildOptions reads; `valueKey` too: a value set
  // from outside (同注册地址) may lie in regions another cascader fetched, which nothing here
  // fetches again — rebuilt, they show as names, not codes.
  const options = useMemo(
    () => buildOptions(rootCode, maxLevel) ?? [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rootCode, maxLevel, version, valueKey],
  );

  const paths = useMemo<string[][]>(() => {
    const codes: string[] = JSON.parse(valueKey);
    if (!multiple) return codes.length > 0 ? [codes] : [];
    return codes.map((code) => pathOf(rootCode, code));
    // `version`: pathOf reads the region cache too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueKey, multiple, rootCode, version]);

  useEffect(() => {
    let current = true;
    // Every code whose children the first column or the value's ancestors need.
    const parents = new Set<string>([rootCode]);
    for (const path of paths) {
      for (const code of path.slice(0, Math.min(path.length - 1, maxLevel - 1))) parents.add(code);
    }
    // Stale ones too: a cascader mounted after a region was disabled must not offer it.
    const missing = [...parents].filter((code) => regionsStale(code));
    if (missing.length === 0) return undefined;
    Promise.allSettled(missing.map((code) => fetchRegions(code))).then((results) => {
      if (!current) return;
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) showError(failed.reason);
      // Rebuilding re-runs this effect, which retries what failed: only do so on progress.
      if (results.some((r) => r.status === 'fulfilled')) setVersion((v) => v + 1);
    });
    return () => {
      current = false;
    };
  }, [rootCode, maxLevel, paths]);

  const loadMore = useCallback(
    async (pathValue: string[]): Promise<RegionOption[]> => {
      const code = pathValue[pathValue.length - 1];
      try {
        const regions = await fetchRegions(code);
        return regions.map((region) => ({
          value: region.code,
          label: region.value,
          isLeaf: isLeafAt(region, maxLevel),
        }));
      } catch (error) {
        showError(error);
        // Rejecting leaves the node unloaded, so opening it again retries.
        throw error;
      }
    },
    [maxLevel],
  );

  const handleChange = (next: (string | string[])[]) => {
    const codes = multiple
      ? next.map((path) => (Array.isArray(path) ? path[path.length - 1] : path))
      : next.filter((code): code is string => typeof code === 'string');
    if (!controlled) setInnerValue(codes);
    onChange?.(codes);
  };

  return (
    <Cascader
      className={phone ? [className, styles.phoneView].filter(Boolean).join(' ') : className}
      style={style}
      options={options}
      loadMore={loadMore}
      mode={multiple ? 'multiple' : undefined}
      // Nothing chosen is `undefined`: Arco takes `[]` for a chosen empty path and hides the placeholder.
      value={multiple ? paths : paths[0]}
      onChange={handleChange}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      maxTagCount={maxTagCount}
      changeOnSelect={multiple && anyLevel ? true : undefined}
      dropdownMenuClassName={phone ? styles.phonePopup : undefined}
      dropdownRender={phone ? phoneDropdown : undefined}
      triggerProps={phone ? PHONE_TRIGGER : undefined}
    />
  );
}
