import { request, type IconList, type ServerInfo } from '@cotton/sdk';

export const SERVER_INFO_URL = '/rest/monitor/getServerInfo';
export const ICON_LIST_URL = '/rest/icon/Geticon';
export const ICON_ADD_URL = '/rest/icon/Addicon';
export const ICON_DELETE_URL = '/rest/icon/Delicon';

export const ICON_ADD_PERMISSION = 'system:icon:add';
export const ICON_DELETE_PERMISSION = 'system:icon:delete';

export const getServerInfo = () => request.post<ServerInfo>(SERVER_INFO_URL, {});
export const getIcons = () => request.post<IconList>(ICON_LIST_URL, {});
export const addIcon = (name: string) => request.post<{ name: string }>(ICON_ADD_URL, { name });
export const deleteIcon = (name: string) => request.post<{ name: string }>(ICON_DELETE_URL, { name });
