import type { ProcessStep } from '@cotton/sdk/contracts';
import styles from '../style/index.module.css';

export interface ProcessDiagramProps {
  /** Read out for the whole figure, e.g. 仓单质押融资流程. */
  label: string;
  steps: readonly ProcessStep[];
  testId: string;
}

/**
 * A process image drawn in CSS: numbered steps joined by arrows, wrapping on narrow
 * screens. No bitmap, so it stays sharp and its text is real text.
 */
export function ProcessDiagram({ label, steps, testId }: ProcessDiagramProps) {
  return (
    <figure className={styles.process} aria-label={label} data-testid={testId}>
      <ol className={styles['process-steps']}>
        {steps.map((step, index) => (
          <li key={`${index}-${step.title}`} className={styles['process-step']} data-testid="process-step">
            <span className={styles['process-index']} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles['process-title']}>{step.title}</span>
            <span className={styles['process-description']}>{step.description}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
