import { definePlugin } from '@cotton/sdk';
import { InlandReservation, XinjiangReservation } from './pages/reservation';

export { InlandReservation, XinjiangReservation };

/**
 * Reservation progress of the supervised warehouses: Xinjiang cotton by reservation area,
 * inland cotton by province or city. Routes and components must match `plugin.json`.
 */
export default definePlugin({
  id: 'reservation',
  routes: [
    { path: '/reservation', element: XinjiangReservation, public: true, title: '新疆棉入库预约进度' },
    { path: '/inlReservation', element: InlandReservation, public: true, title: '内地棉入库预约进度' },
  ],
  components: { XinjiangReservation, InlandReservation },
});
