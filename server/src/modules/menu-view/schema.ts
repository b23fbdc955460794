import { Envelope, VisitedMenus } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 最近访问 / 常用功能: the wire contracts (sdk/src/contracts/menu-view.ts).
export { AddMenuViewBody } from '@cotton/sdk/contracts';

export const VisitedMenusResponse = Envelope(VisitedMenus);
export const MenuViewedResponse = Envelope(Type.Object({ recorded: Type.Boolean() }));
