import { PartyEdit } from '../parties/PartyEdit';

export default function DonorEdit() {
  return <PartyEdit party="donor" />;
}
