import { FooterPager } from '@cotton/sdk';

// Its own chunk (service/index.tsx): the pager pulls in Arco's Pagination with the table's
// chunk group, which a list of ten or fewer articles never shows.
export { FooterPager };
