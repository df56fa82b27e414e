import { describe, expect, it } from 'vitest';
import { actionError, allowedActions, canTransition, transitionError } from './appointment-transitions';
import { firstFittingTime } from './time-layout';

describe('appointment transitions (spec §4)', () => {
  it('allows exactly the spec moves', () => {
    expect(canTransition('Pendiente', 'Confirmada')).toBe(true);
    expect(canTransition('Confirmada', 'Cancelada')).toBe(true);
    expect(canTransition('Cancelada', 'Confirmada')).toBe(true);
    expect(canTransition('Completada', 'Cancelada')).toBe(false);
    expect(canTransition('Confirmada', 'Pendiente')).toBe(false);
    expect(transitionError('Completada', 'Cancelada')).toBe('No se puede cancelar una cita completada');
    expect(transitionError('Cancelada', 'Completada')).toBe('Una cita cancelada solo puede restaurarse');
    expect(transitionError('Pendiente', 'Completada')).toBe('Solo se pueden completar citas confirmadas');
    expect(transitionError('Confirmada', 'Confirmada')).toBe('La cita ya está confirmada');
  });

  it('names the actions of the manage menu', () => {
    expect(allowedActions('Confirmada')).toEqual(['complete', 'cancel', 'return-to-queue', 'reassign']);
    expect(allowedActions('Cancelada')).toEqual(['restore']);
    expect(actionError('Confirmada', 'restore')).toBe('Solo se pueden restaurar citas canceladas');
    expect(actionError('Pendiente', 'return-to-queue')).toBe(
      'Solo se pueden devolver a la cola citas confirmadas',
    );
    expect(actionError('Cancelada', 'restore')).toBeNull();
  });
});

describe('firstFittingTime', () => {
  it('keeps to the agenda grid, the busy ranges and the preferred windows', () => {
    const busy = [{ start: 8 * 60, end: 8 * 60 + 30 }];
    expect(firstFittingTime('08:00', '12:00', 30, busy, [])).toBe('08:30');
    expect(firstFittingTime('08:00', '12:00', 30, busy, [{ start: 10 * 60 + 10, end: 12 * 60 }])).toBe(
      '10:30',
    );
    expect(firstFittingTime('08:00', '12:00', 30, busy, [{ start: 12 * 60, end: 18 * 60 }])).toBeNull();
    expect(firstFittingTime('08:00', '12:00', 30, [], [], 9 * 60 + 1)).toBe('09:30');
  });
});
