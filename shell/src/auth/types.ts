import type { SessionUser } from '@cotton/sdk';

/** A node of the site's menu tree (docs/auth.md, "After login"). */
export interface MenuNode {
  id: string;
  name: string;
  path: string;
  icon: string | null;
  /** `<plugin id>/<export>`; `null` for a group. */
  componentPath: string | null;
  /** The user needs one of them; `[]` = any logged-in user. */
  permissions: string[];
  /** A route that is not listed in the side menu (个人中心: the user menu has it). */
  hidden: boolean;
  children: MenuNode[];
}

export interface AppEntry {
  appCode: string;
  appName: string;
  visitUrl: string;
  icon: string | null;
  menus: string[];
}

/** `POST /rest/auth/init` → `dataSet`. */
export interface InitData {
  loginUser: SessionUser;
  enterprise: { code: string; name: string } | null;
  /** 24×24 path data by name. */
  icons: Array<{ name: string; svgPath: string }>;
  /** The templateList: the site's whole menu tree. */
  menu: MenuNode[];
  apps: AppEntry[];
  indexMenu: MenuNode;
  appDicts: Record<string, Array<{ code: string; value: string }>>;
  permissions: Array<{ code: string; type: 'menu' | 'button' }>;
  siteDisplayName: string;
}
