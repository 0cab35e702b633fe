/** The shipping address as checkout took it (the profile's fields), as lines a courier reads. */
export function addressLines(address: Record<string, string>): string[] {
  const field = (name: string) => address[name]?.trim() ?? '';
  const join = (...names: string[]) => names.map(field).filter(Boolean).join(', ');
  return [
    join('fname', 'lname').replace(', ', ' '),
    join('houseNo', 'roadName'),
    field('areaName'),
    field('postOffice') && `Post office ${field('postOffice')}`,
    [field('city'), field('pin')].filter(Boolean).join(' '),
    field('state'),
    join('phoneNo', 'altPhoneNumber') && `Phone ${join('phoneNo', 'altPhoneNumber')}`,
  ].filter(Boolean);
}
