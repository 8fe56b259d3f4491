// /api/reports/*: the four reports of /relatorios (secretary access), each as a page, CSV and PDF.
import type { FastifyInstance } from 'fastify';
import { todayIso } from '../../../domain/dates.js';
import { birthdaysReport } from './birthdays.js';
import { expiringCredentialsReport } from './expiringCredentials.js';
import { issuedLettersReport } from './issuedLetters.js';
import { membersWithoutCredentialsReport } from './membersWithoutCredentials.js';
import { reportRoutes } from './report.js';

export async function reportsRoutes(app: FastifyInstance) {
  reportRoutes(app, birthdaysReport, todayIso);
  reportRoutes(app, expiringCredentialsReport, todayIso);
  reportRoutes(app, membersWithoutCredentialsReport, todayIso);
  reportRoutes(app, issuedLettersReport, todayIso);
}
