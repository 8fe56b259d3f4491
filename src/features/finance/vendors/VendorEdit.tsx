import { PartyEdit } from '../parties/PartyEdit';

export default function VendorEdit() {
  return <PartyEdit party="vendor" />;
}
