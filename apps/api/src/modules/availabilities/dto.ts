import type { AgendaStatus } from '@ips/shared/schemas/availabilities';
import type { AvailabilityDto } from '@ips/shared/schemas/availabilities-response';
import type { AvailabilityRow, AvailabilityWithNames } from './repo';

export function toAvailabilityDto(row: AvailabilityWithNames): AvailabilityDto {
  const a = row.a;
  return {
    id: a.id,
    location_id: a.locationId,
    location_name: row.locationName,
    specialty_id: a.specialtyId,
    specialty_name: row.specialtyName,
    doctor_id: a.doctorId,
    doctor_name: row.doctorName,
    date: a.date,
    start_time: a.startTime,
    end_time: a.endTime,
    capacity: a.capacity,
    booked_slots: a.bookedSlots,
    available_slots: Math.max(0, a.capacity - a.bookedSlots),
    duration_minutes: a.durationMinutes,
    status: a.status as AgendaStatus,
    notes: a.notes,
    auto_preallocate: a.autoPreallocate,
    preallocation_publish_date: a.preallocationPublishDate,
    auto_distribute: a.autoDistribute,
    distribution_start_date: a.distributionStartDate,
    distribution_end_date: a.distributionEndDate,
    exclude_weekends: a.excludeWeekends,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** The audit's picture of an agenda: every column, no names (they live in their own tables). */
export function auditView(a: AvailabilityRow) {
  return {
    id: a.id,
    location_id: a.locationId,
    specialty_id: a.specialtyId,
    doctor_id: a.doctorId,
    date: a.date,
    start_time: a.startTime,
    end_time: a.endTime,
    capacity: a.capacity,
    booked_slots: a.bookedSlots,
    duration_minutes: a.durationMinutes,
    status: a.status,
    notes: a.notes,
    auto_preallocate: a.autoPreallocate,
    preallocation_publish_date: a.preallocationPublishDate,
    auto_distribute: a.autoDistribute,
    distribution_start_date: a.distributionStartDate,
    distribution_end_date: a.distributionEndDate,
    exclude_weekends: a.excludeWeekends,
  };
}
