// The back office's layout and theme, chosen by each user (docs/architecture.md "Theme and
// layout"). Shared by the server (which stores and checks them) and the shell (which applies them).

export type MenuLayout = 'side' | 'top';
export type ThemeMode = 'light' | 'dark';

/** The values of the wire contract `UserPreferences` (sdk/src/contracts/session.ts). */
export interface PreferenceValues {
  menuLayout: MenuLayout;
  theme: ThemeMode;
  /** `#RRGGBB`, one of {@link THEME_COLORS}. */
  primaryColor: string;
}

export interface ThemeColor {
  /** `#RRGGBB` as stored. */
  value: string;
  label: string;
  /**
   * Arco's colour palette of that name (`--<palette>-1` … `-10`): Arco defines each for the
   * light and the dark theme, so the primary colour stays readable in both without computing shades.
   */
  palette: string;
}

/**
 * The primary colours a user may pick: Arco's own palettes, whose sixth shade has enough contrast
 * with white text on buttons and with both backgrounds (gold, yellow and lime have not).
 */
export const THEME_COLORS: readonly ThemeColor[] = [
  { value: '#165DFF', label: '极致蓝', palette: 'arcoblue' },
  { value: '#3491FA', label: '海蓝', palette: 'blue' },
  { value: '#14C9C9', label: '碧涛青', palette: 'cyan' },
  { value: '#00B42A', label: '仙野绿', palette: 'green' },
  { value: '#722ED1', label: '暗夜紫', palette: 'purple' },
  { value: '#F77234', label: '晚秋红', palette: 'orangered' },
  { value: '#F53F3F', label: '浪漫红', palette: 'red' },
];

export const MENU_LAYOUTS: readonly { value: MenuLayout; label: string }[] = [
  { value: 'side', label: '侧边菜单' },
  { value: 'top', label: '顶部菜单' },
];

export const THEME_MODES: readonly { value: ThemeMode; label: string }[] = [
  { value: 'light', label: '浅色' },
  { value: 'dark', label: '深色' },
];

/** What a user who never chose anything gets: Arco's defaults. */
export const DEFAULT_PREFERENCES: PreferenceValues = { menuLayout: 'side', theme: 'light', primaryColor: '#165DFF' };

export const PREFERENCES_MESSAGES = {
  menuLayout: '菜单布局只能是侧边菜单或顶部菜单',
  theme: '主题只能是浅色或深色',
  primaryColor: '请从可选的主题色中选择',
} as const;

/** The palette entry of a stored colour (case-insensitive); `undefined` for any other value. */
export function themeColorOf(value: string): ThemeColor | undefined {
  const wanted = value.toUpperCase();
  return THEME_COLORS.find((color) => color.value === wanted);
}

/** The message of the first unacceptable field, or `null`. */
export function checkPreferences(value: {
  menuLayout?: unknown;
  theme?: unknown;
  primaryColor?: unknown;
}): string | null {
  if (!MENU_LAYOUTS.some((layout) => layout.value === value.menuLayout)) return PREFERENCES_MESSAGES.menuLayout;
  if (!THEME_MODES.some((mode) => mode.value === value.theme)) return PREFERENCES_MESSAGES.theme;
  if (typeof value.primaryColor !== 'string' || !themeColorOf(value.primaryColor))
    return PREFERENCES_MESSAGES.primaryColor;
  return null;
}

/** Stored preferences read back (local storage, an old answer): anything unacceptable falls back to the default. */
export function normalisePreferences(value: unknown): PreferenceValues {
  if (!value || typeof value !== 'object') return DEFAULT_PREFERENCES;
  const candidate = value as Record<string, unknown>;
  const color = typeof candidate.primaryColor === 'string' ? themeColorOf(candidate.primaryColor) : undefined;
  return {
    menuLayout: candidate.menuLayout === 'top' ? 'top' : 'side',
    theme: candidate.theme === 'dark' ? 'dark' : 'light',
    primaryColor: color?.value ?? DEFAULT_PREFERENCES.primaryColor,
  };
}
