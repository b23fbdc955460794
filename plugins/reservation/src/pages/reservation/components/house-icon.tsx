import type { HouseState } from '../house';
import styles from '../style/index.module.css';

export interface HouseIconProps {
  state: HouseState;
  /** Width in pixels (the height follows). */
  size?: number;
  /** Share of the house body filled, 0…1 (the booked share). */
  level: number;
}

/**
 * A warehouse drawn as a house: roof, walls and a door, its walls filled from the ground
 * up with the booked share and coloured by state (empty, normal, half, full).
 */
export function HouseIcon({ state, level, size = 32 }: HouseIconProps) {
  const fill = Math.max(0, Math.min(1, level));
  const bodyTop = 20;
  const bodyHeight = 22;
  const fillHeight = bodyHeight * fill;
  return (
    <svg
      className={`${styles.house} ${styles[`house-${state}`]}`}
      viewBox="0 0 48 44"
      width={size}
      height={Math.round((size * 44) / 48)}
      role="img"
      aria-hidden="true"
      data-house={state}
    >
      <path className={styles['house-roof']} d="M2 22 L24 3 L46 22 Z" />
      <rect className={styles['house-wall']} x={7} y={bodyTop} width={34} height={bodyHeight} rx={1} />
      {fillHeight > 0 && (
        <rect
          className={styles['house-fill']}
          x={7}
          y={bodyTop + bodyHeight - fillHeight}
          width={34}
          height={fillHeight}
          rx={1}
        />
      )}
      <rect className={styles['house-door']} x={20} y={30} width={8} height={12} />
    </svg>
  );
}
