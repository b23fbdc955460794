export * from './regions';
export * from './dictionaries';
export * from './warehouses';
export * from './plugin-registry';
