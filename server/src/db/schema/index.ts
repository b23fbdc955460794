export * from './regions';
export * from './dictionaries';
export * from './warehouses';
export * from './plugin-registry';
export * from './cms';
export * from './reservation';
export * from './finance';
export * from './receipt';
