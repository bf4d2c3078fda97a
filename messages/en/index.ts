// The English catalog: one file per area of the product, each the namespace of its name.

import app from "./app.json";
import greeting from "./greeting.json";
import signIn from "./signIn.json";
import forgotPassword from "./forgotPassword.json";
import setPassword from "./setPassword.json";
import verifyEmail from "./verifyEmail.json";
import portal from "./portal.json";
import users from "./users.json";
import common from "./common.json";
import codes from "./codes.json";
import validation from "./validation.json";
import nav from "./nav.json";
import dashboard from "./dashboard.json";
import catalog from "./catalog.json";
import quote from "./quote.json";
import policies from "./policies.json";
import clients from "./clients.json";
import payments from "./payments.json";
import claims from "./claims.json";
import leads from "./leads.json";
import audit from "./audit.json";
import geography from "./geography.json";
import companies from "./companies.json";
import knowledge from "./knowledge.json";
import verify from "./verify.json";
import docs from "./docs.json";
import certificate from "./certificate.json";
import pass from "./pass.json";
import notifications from "./notifications.json";
import lifecycle from "./lifecycle.json";
import reports from "./reports.json";
import permissions from "./permissions.json";
import bulkTemplate from "./bulkTemplate.json";

export default {
  app,
  greeting,
  signIn,
  forgotPassword,
  setPassword,
  verifyEmail,
  portal,
  users,
  common,
  codes,
  validation,
  nav,
  dashboard,
  catalog,
  quote,
  policies,
  clients,
  payments,
  claims,
  leads,
  audit,
  geography,
  companies,
  knowledge,
  verify,
  docs,
  certificate,
  pass,
  notifications,
  lifecycle,
  reports,
  permissions,
  bulkTemplate,
};
