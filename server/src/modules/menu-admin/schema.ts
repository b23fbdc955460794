import { Envelope, MenuTree } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 菜单管理: the wire contracts (sdk/src/contracts/menu-admin.ts).
export { DelMenuBody, EmptyBody, SaveMenuBody } from '@cotton/sdk/contracts';

export const MenuTreeResponse = Envelope(MenuTree);
/** addMenuRel answers the node's id (new or changed). */
export const SavedMenuResponse = Envelope(Type.Object({ id: Type.String() }));
export const DeletedMenuResponse = Envelope(Type.Object({ deleted: Type.Integer() }));
