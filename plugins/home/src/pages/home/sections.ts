import type { HomeLocaleKey } from './locale/zh-CN';

export interface EntryCard {
  key: string;
  title: HomeLocaleKey;
  description: HomeLocaleKey;
  /**
   * Route the card opens. Only routes that exist get one; the others are shown as
   * 敬请期待 (coming soon) and are not links.
   */
  path?: string;
}

export interface HomeSection {
  /** Element id, equal to the server's `portalConfig.nav[].key` (the header's anchors). */
  key: 'supervision' | 'trading' | 'finance' | 'logistics' | 'imported' | 'receipt';
  title: HomeLocaleKey;
  description: HomeLocaleKey;
  cards: EntryCard[];
}

export const HOME_SECTIONS: readonly HomeSection[] = [
  {
    key: 'supervision',
    title: 'home.supervision.title',
    description: 'home.supervision.description',
    cards: [
      {
        key: 'reservation',
        title: 'home.supervision.card.reservation.title',
        description: 'home.supervision.card.reservation.description',
        path: '/reservation',
      },
      {
        key: 'inlReservation',
        title: 'home.supervision.card.inlReservation.title',
        description: 'home.supervision.card.inlReservation.description',
        path: '/inlReservation',
      },
      {
        key: 'inspection',
        title: 'home.supervision.card.inspection.title',
        description: 'home.supervision.card.inspection.description',
        path: '/batchQuality',
      },
    ],
  },
  {
    key: 'trading',
    title: 'home.trading.title',
    description: 'home.trading.description',
    cards: [
      { key: 'cotton', title: 'home.trading.card.cotton.title', description: 'home.trading.card.cotton.description' },
      { key: 'yarn', title: 'home.trading.card.yarn.title', description: 'home.trading.card.yarn.description' },
      { key: 'rules', title: 'home.trading.card.rules.title', description: 'home.trading.card.rules.description' },
    ],
  },
  {
    key: 'finance',
    title: 'home.finance.title',
    description: 'home.finance.description',
    cards: [
      {
        key: 'pledge',
        title: 'home.finance.card.pledge.title',
        description: 'home.finance.card.pledge.description',
        path: '/financialService',
      },
      {
        key: 'products',
        title: 'home.finance.card.products.title',
        description: 'home.finance.card.products.description',
        path: '/financialService#finance-products',
      },
    ],
  },
  {
    key: 'logistics',
    title: 'home.logistics.title',
    description: 'home.logistics.description',
    cards: [
      {
        key: 'warehouse',
        title: 'home.logistics.card.warehouse.title',
        description: 'home.logistics.card.warehouse.description',
        path: '/warehouse',
      },
      {
        key: 'transport',
        title: 'home.logistics.card.transport.title',
        description: 'home.logistics.card.transport.description',
      },
    ],
  },
  {
    key: 'imported',
    title: 'home.imported.title',
    description: 'home.imported.description',
    cards: [
      { key: 'bonded', title: 'home.imported.card.bonded.title', description: 'home.imported.card.bonded.description' },
      {
        key: 'customs',
        title: 'home.imported.card.customs.title',
        description: 'home.imported.card.customs.description',
      },
    ],
  },
  {
    key: 'receipt',
    title: 'home.receipt.title',
    description: 'home.receipt.description',
    cards: [
      {
        key: 'receipt',
        title: 'home.receipt.card.receipt.title',
        description: 'home.receipt.card.receipt.description',
        path: '/bid',
      },
      {
        key: 'batch',
        title: 'home.receipt.card.batch.title',
        description: 'home.receipt.card.batch.description',
        path: '/batchQuality',
      },
    ],
  },
];
