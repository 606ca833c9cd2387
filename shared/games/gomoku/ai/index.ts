export { computerAction, type ComputerLevel, type ThinkOptions } from './engine';
