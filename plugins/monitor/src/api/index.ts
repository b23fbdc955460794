import { request } from '@cotton/sdk';
import { iconAdminCalls, monitorCalls } from '@cotton/sdk/calls';

export const getServerInfo = () => request.call(monitorCalls.serverInfo, {});
export const getIcons = () => request.call(iconAdminCalls.list, {});
export const addIcon = (name: string) => request.call(iconAdminCalls.add, { name });
export const deleteIcon = (name: string) => request.call(iconAdminCalls.delete, { name });
