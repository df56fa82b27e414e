import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Building2Icon,
  FileCheck2Icon,
  ListChecksIcon,
  ReceiptTextIcon,
  ShieldCheckIcon,
  StethoscopeIcon,
  TagsIcon,
  UserRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CupsTab } from '@/features/resources/components/cups/cups-tab';
import { DoctorsTab } from '@/features/resources/components/doctors/doctors-tab';
import { EpsAuthorizationsTab } from '@/features/resources/components/eps-authorizations/eps-authorizations-tab';
import { EpsTab } from '@/features/resources/components/eps/eps-tab';
import { LocationTypesTab } from '@/features/resources/components/location-types/location-types-tab';
import { LocationsTab } from '@/features/resources/components/locations/locations-tab';
import { ServicesTab } from '@/features/resources/components/services/services-tab';
import { SpecialtiesTab } from '@/features/resources/components/specialties/specialties-tab';

type TabProps = { canManage: boolean };

/** Spec part 2 §2 "Resource management", in its order; services get a visible tab here. */
const TABS: { value: string; label: string; icon: LucideIcon; Component: (p: TabProps) => ReactNode }[] = [
  { value: 'specialties', label: 'Especialidades', icon: StethoscopeIcon, Component: SpecialtiesTab },
  { value: 'doctors', label: 'Doctores', icon: UserRoundIcon, Component: DoctorsTab },
  { value: 'locations', label: 'Sedes', icon: Building2Icon, Component: LocationsTab },
  { value: 'cups', label: 'CUPS', icon: ListChecksIcon, Component: CupsTab },
  { value: 'eps', label: 'EPS', icon: ShieldCheckIcon, Component: EpsTab },
  {
    value: 'eps-authorizations',
    label: 'EPS/Especialidades',
    icon: FileCheck2Icon,
    Component: EpsAuthorizationsTab,
  },
  { value: 'location-types', label: 'Tipos de Sede', icon: TagsIcon, Component: LocationTypesTab },
  { value: 'services', label: 'Servicios', icon: ReceiptTextIcon, Component: ServicesTab },
];

/** The tabs of Gestión de Recursos; the open tab lives in `?tab=` so it survives a reload and can be linked. */
export function ResourcesView({ canManage }: TabProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.some((t) => t.value === requested) ? requested! : TABS[0]!.value;
  const listRef = useRef<HTMLDivElement>(null);

  // On a phone the tab strip scrolls sideways: keep the open tab in view (e.g. after following ?tab=cups).
  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setParams({ tab: value }, { replace: true })}
      activationMode="manual"
    >
      <TabsList ref={listRef} aria-label="Recursos">
        {TABS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map(({ value, Component }) => (
        <TabsContent key={value} value={value}>
          <Component canManage={canManage} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
