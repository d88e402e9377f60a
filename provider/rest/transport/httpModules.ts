/**
 * The HTTP libraries, in a module of their own: `httpLibrary` requires it when the first client is made, and the
 * dynamic-provider runtime's bundle keeps it in a file of its own, so a process that sends nothing never loads it.
 */
import axios from "axios";
import axiosRetry from "axios-retry";

export { axios, axiosRetry };
