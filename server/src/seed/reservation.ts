import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { factoryAppointments, reservationDayPlans, reservationSettings } from '../db/schema/index';
import { addDays, cropYearOf, isoWeekday, mondayOf, shanghaiToday } from '../modules/reservation/week';
import { createRandom, type Random } from './random';
import type { SeedSize, WarehouseSeed } from './warehouses';

/**
 * Reservation data relative to "today" (Asia/Shanghai), so the portal always shows a
 * living week: for every warehouse its settings, day plans from 8 weeks back to 8 weeks
 * ahead, and the ginneries' appointments filling them. Deterministic for a given day: its
 * own PRNG seed, so the other seed modules' data do not move when this one changes.
 *
 * Patterns: Xinjiang receives most in the ginning season (October to January); past days
 * are well used, the nearest weeks are filling, far weeks are nearly empty. Some days are
 * fully booked, none over: a batch is booked only where it fits in the day's capacity, and
 * a bookable day that no batch fits into any more is stored as fully booked (status 2).
 * Some warehouses close on Sundays (not bookable), some pause booking for a day or a week. About a fifth of the warehouses take appointments by
 * "specified date" (type 2): ginneries book first and the warehouse assigns the day, so
 * some of their batches have no day yet.
 */

export const RESERVATION_SEED = 20261122;
export const WEEKS_BACK = 8;
export const WEEKS_AHEAD = 8;

type WarehouseRef = Pick<WarehouseSeed, 'code' | 'areaType' | 'provinceCode' | 'reservationAreaCode'>;

interface Factory {
  ginnery: string;
  name: string;
  stockName: string;
  whsPickMode: string;
  serials: Map<number, number>;
}

type SettingsRow = typeof reservationSettings.$inferInsert;
type PlanRow = typeof reservationDayPlans.$inferInsert;
type AppointmentRow = typeof factoryAppointments.$inferInsert;

export interface ReservationData {
  settings: SettingsRow[];
  plans: PlanRow[];
  appointments: AppointmentRow[];
}

const BRANDS = [
  '天丰',
  '金棉',
  '利华',
  '银丰',
  '丰收',
  '绿洲',
  '昌盛',
  '鑫源',
  '瑞达',
  '宏泰',
  '新棉',
  '天成',
  '众鑫',
  '恒丰',
  '锦华',
  '富源',
  '华棉',
  '泰昌',
  '德隆',
  '润丰',
];

/** Ginning places per Xinjiang reservation area, and inland cotton counties by province. */
const GIN_PLACES: Record<string, { prefix: string; places: string[] }> = {
  BJ: {
    prefix: '65',
    places: ['沙湾', '乌苏', '奎屯', '玛纳斯', '呼图壁', '昌吉', '精河', '博乐', '阜康', '吉木萨尔'],
  },
  NJ: {
    prefix: '65',
    places: ['库尔勒', '尉犁', '轮台', '阿克苏', '库车', '沙雅', '新和', '阿瓦提', '巴楚', '麦盖提', '莎车', '温宿'],
  },
  DJ: { prefix: '65', places: ['哈密', '吐鲁番', '鄯善', '托克逊'] },
  BT: { prefix: '66', places: ['石河子', '五家渠', '阿拉尔', '图木舒克', '铁门关', '可克达拉'] },
  '370000': { prefix: '37', places: ['夏津', '临清', '高唐', '无棣', '东营'] },
  '130000': { prefix: '13', places: ['南宫', '威县', '邱县', '景县'] },
  '410000': { prefix: '41', places: ['扶沟', '太康', '尉氏'] },
  '420000': { prefix: '42', places: ['天门', '汉川', '沙洋', '监利'] },
  '320000': { prefix: '32', places: ['射阳', '大丰', '东台'] },
};
const CORPS_UNITS = ['一二一团', '一三三团', '一四一团', '一〇二团', '八团', '十团', '五十一团', '二十九团'];
const LONG_STAPLE_PLACES = new Set(['阿克苏', '阿瓦提', '阿拉尔', '温宿', '沙雅']);

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** A booked batch weighs 42–43.5 t (186 bales of about 227 kg). */
export const BATCH_WEIGHT_MIN = 42;
export const BATCH_WEIGHT_MAX = 43.5;
/** The smallest day capacity planned (t): at least one batch fits. */
const MIN_CAPACITY = 50;

function factoryName(random: Random, area: string, place: string): string {
  const brand = random.pick(BRANDS);
  if (area === 'BT') {
    return random.pick([
      `新疆生产建设兵团第${random.pick(['一', '二', '三', '七', '八'])}师${random.pick(CORPS_UNITS)}轧花厂`,
      `${place}市${brand}棉业有限责任公司`,
      `兵团${place}${brand}棉麻有限公司`,
    ]);
  }
  return random.pick([
    `${place}县${brand}棉业有限责任公司`,
    `${place}${brand}轧花厂`,
    `新疆${brand}棉业有限公司${place}分公司`,
    `${place}市${brand}棉花加工有限公司`,
    `${place}${brand}棉业有限公司`,
  ]);
}

function buildFactories(
  random: Random,
  area: string,
  count: number,
  codes: Set<string>,
  names: Set<string>,
): Factory[] {
  const { prefix, places } = GIN_PLACES[area];
  const xinjiang = prefix === '65' || prefix === '66';
  const factories: Factory[] = [];
  for (let guard = 0; factories.length < count && guard < count * 20; guard++) {
    const place = random.pick(places);
    const name = factoryName(random, area, place);
    // The batch code's first two digits are the province: 65 for Xinjiang, corps included.
    const ginnery = `${xinjiang ? '65' : prefix}${random.digits(3)}`;
    if (names.has(name) || codes.has(ginnery)) continue;
    names.add(name);
    codes.add(ginnery);
    const longStaple = LONG_STAPLE_PLACES.has(place) && random.chance(0.3);
    const machine = area === 'BJ' || area === 'BT' ? 0.85 : area === 'NJ' || area === 'DJ' ? 0.5 : 0.1;
    factories.push({
      ginnery,
      name,
      stockName: longStaple ? '长绒棉' : '细绒棉',
      whsPickMode: longStaple ? '皮辊手摘' : random.chance(machine) ? '锯齿机采' : '锯齿手摘',
      serials: new Map(),
    });
  }
  return factories;
}

/** Share of the day capacity in use by month (1–12), for Xinjiang and inland warehouses. */
const SEASON: Record<'1' | '2', number[]> = {
  '1': [1, 0.9, 0.55, 0.35, 0.25, 0.2, 0.2, 0.25, 0.6, 1, 1, 1],
  '2': [0.9, 0.85, 0.8, 0.6, 0.5, 0.45, 0.45, 0.5, 0.6, 0.75, 0.85, 0.9],
};

/** How full a day is, by how far it is from today. */
function fillFor(random: Random, offset: number): number {
  if (offset < 0) return 0.5 + random.next() * 0.45;
  if (offset < 7) return 0.45 + random.next() * 0.6;
  if (offset < 14) return 0.25 + random.next() * 0.6;
  if (offset < 28) return 0.05 + random.next() * 0.4;
  return random.next() * 0.15;
}

function batchOf(
  random: Random,
  factory: Factory,
  year: number,
  date: string | null,
  warehouseCode: string,
): AppointmentRow {
  const serial = factory.serials.get(year) ?? random.int(1001, 2500);
  factory.serials.set(year, serial + 1);
  const weight = round3(BATCH_WEIGHT_MIN + random.next() * (BATCH_WEIGHT_MAX - BATCH_WEIGHT_MIN));
  return {
    warehouseCode,
    appointmentDate: date,
    batchNumber: `${factory.ginnery}${String(year % 100).padStart(2, '0')}${String(serial).padStart(4, '0')}`,
    factoryName: factory.name,
    stockName: factory.stockName,
    whsPickMode: factory.whsPickMode,
    productYear: String(year),
    weight,
    quantity: Math.round(weight / 0.2285),
  };
}

/** The reservation data of `warehouses` around `today` (YYYY-MM-DD, Shanghai). */
export function generateReservations(warehouseRows: WarehouseRef[], size: SeedSize, today: string): ReservationData {
  const random = createRandom(RESERVATION_SEED);
  const codes = new Set<string>();
  const names = new Set<string>();
  const poolSize = size === 'small' ? 10 : 40;
  const pools = new Map<string, Factory[]>();
  for (const area of Object.keys(GIN_PLACES)) pools.set(area, buildFactories(random, area, poolSize, codes, names));
  const xinjiangPool = ['BJ', 'NJ', 'DJ', 'BT'].flatMap((area) => pools.get(area)!);

  const first = addDays(mondayOf(today), -7 * WEEKS_BACK);
  const days = 7 * (WEEKS_BACK + WEEKS_AHEAD + 1);
  const todayOffset = (Date.parse(today) - Date.parse(first)) / 86_400_000;
  const data: ReservationData = { settings: [], plans: [], appointments: [] };

  for (const warehouse of warehouseRows) {
    const xinjiang = warehouse.areaType === '1';
    const appointmentType = random.chance(0.2) ? 2 : 1;
    data.settings.push({ warehouseCode: warehouse.code, appointmentType, isSubscribe: random.chance(0.9) ? '1' : '0' });

    const local = xinjiang
      ? pools.get(warehouse.reservationAreaCode ?? 'BJ')!
      : (pools.get(warehouse.provinceCode) ?? []);
    const suppliers = xinjiang
      ? random.sample(local, random.int(5, Math.min(9, local.length)))
      : [
          ...random.sample(xinjiangPool, random.int(5, 8)),
          ...random.sample(local, Math.min(local.length, random.int(1, 3))),
        ];
    const base = xinjiang
      ? random.pick([200, 240, 280, 320, 360, 420, 480])
      : random.pick([90, 120, 150, 180, 220, 260]);
    const closedOnSunday = random.chance(0.3);
    const pausedWeek = random.chance(0.08) ? random.int(0, WEEKS_BACK + WEEKS_AHEAD) : -1;

    for (let index = 0; index < days; index++) {
      const date = addDays(first, index);
      const offset = index - todayOffset;
      const month = Number(date.slice(5, 7));
      const weekday = isoWeekday(date);
      let status: number = appointmentType === 2 ? 4 : 1;
      let capacity = Math.max(
        MIN_CAPACITY,
        Math.round((base * SEASON[warehouse.areaType][month - 1] * (0.85 + random.next() * 0.3)) / 10) * 10,
      );
      if (closedOnSunday && weekday === 7) {
        status = 3;
        capacity = 0;
      } else if (Math.floor(index / 7) === pausedWeek || random.chance(0.03)) {
        status = 5;
      }
      const plan: PlanRow = { warehouseCode: warehouse.code, planDate: date, capacity, status };
      data.plans.push(plan);
      if (capacity === 0) continue;

      let fill = fillFor(random, offset);
      if (status === 5) fill *= offset < 0 ? 0.6 : 0.2;
      else if (offset < 14 && random.chance(0.15)) fill = 1;
      const target = capacity * Math.min(1, fill);
      const year = cropYearOf(date);
      // No over-booking: a batch is booked only where it fits in what is left of the day.
      let booked = 0;
      while (booked < target - BATCH_WEIGHT_MIN / 2) {
        const row = batchOf(random, random.pick(suppliers), year, date, warehouse.code);
        if (booked + (row.weight as number) > capacity) break;
        booked += row.weight as number;
        data.appointments.push(row);
      }
      // A bookable day that no batch fits into any more is closed as fully booked.
      if (status === 1 && booked > 0 && capacity - booked < BATCH_WEIGHT_MIN) plan.status = 2;
    }

    if (appointmentType === 2) {
      const unassigned = random.int(2, 12);
      const year = cropYearOf(today);
      for (let n = 0; n < unassigned; n++)
        data.appointments.push(batchOf(random, random.pick(suppliers), year, null, warehouse.code));
    }
  }
  return data;
}

/** Rows per statement: each batch goes in as one JSON parameter (fast on PGlite and PostgreSQL alike). */
const CHUNK = 10_000;

function* chunked<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

function snakeAppointment(row: AppointmentRow) {
  return {
    warehouse_code: row.warehouseCode,
    appointment_date: row.appointmentDate,
    batch_number: row.batchNumber,
    factory_name: row.factoryName,
    stock_name: row.stockName,
    whs_pick_mode: row.whsPickMode,
    product_year: row.productYear,
    weight: row.weight,
    quantity: row.quantity,
  };
}

/**
 * Writes the reservation data of the seeded warehouses (inside the seed's transaction,
 * after the warehouses). Older reservation rows went with their warehouses (cascade).
 */
export async function seedReservations(
  db: Pick<AppDatabase, 'insert' | 'execute'>,
  warehouseRows: WarehouseRef[],
  size: SeedSize,
  now = new Date(),
): Promise<{ reservationPlans: number; factoryAppointments: number }> {
  const data = generateReservations(warehouseRows, size, shanghaiToday(now));
  for (const part of chunked(data.settings)) await db.insert(reservationSettings).values(part);
  for (const part of chunked(data.plans)) {
    await db.execute(sql`
      insert into ${reservationDayPlans} (warehouse_code, plan_date, capacity, status)
      select warehouse_code, plan_date, capacity, status
      from json_to_recordset(${JSON.stringify(part.map((r) => ({ warehouse_code: r.warehouseCode, plan_date: r.planDate, capacity: r.capacity, status: r.status })))}::json)
        as r(warehouse_code varchar, plan_date date, capacity numeric, status smallint)`);
  }
  for (const part of chunked(data.appointments)) {
    await db.execute(sql`
      insert into ${factoryAppointments}
        (warehouse_code, appointment_date, batch_number, factory_name, stock_name, whs_pick_mode, product_year, weight, quantity)
      select warehouse_code, appointment_date, batch_number, factory_name, stock_name, whs_pick_mode, product_year, weight, quantity
      from json_to_recordset(${JSON.stringify(part.map(snakeAppointment))}::json)
        as r(warehouse_code varchar, appointment_date date, batch_number char(11), factory_name varchar, stock_name varchar,
             whs_pick_mode varchar, product_year char(4), weight numeric, quantity integer)`);
  }
  return { reservationPlans: data.plans.length, factoryAppointments: data.appointments.length };
}
